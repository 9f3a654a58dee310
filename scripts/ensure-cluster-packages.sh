#!/usr/bin/env bash
# The cluster (npm run cluster, npm run test:cluster) runs Debian's nginx and PgBouncer. Install
# them when missing and we may (root with apt-get), as scripts/ensure-chromium.sh does for
# Chromium; otherwise stop with instructions.
#
# The packages' services are not started: Debian's maintainer scripts would start nginx on
# port 80 and PgBouncer on 6432 as system daemons. The cluster runs its own copies on high ports
# with generated configs, so a policy-rc.d that refuses every start is in place for the install
# (the standard Debian way, what container images do), unless the machine has one already.
set -euo pipefail
missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} (services left stopped)…"
  policy=/usr/sbin/policy-rc.d
  made_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    made_policy=1
  fi
  trap '[ "$made_policy" = 1 ] && rm -f "$policy"' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "error: ${missing[*]} not found. Install them (sudo apt-get install -y nginx pgbouncer) and stop their services." >&2
exit 1
