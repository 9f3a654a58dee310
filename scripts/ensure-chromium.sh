#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium. Install it when it is missing and we may (root
# with apt-get); otherwise stop with instructions rather than skipping the tests.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $chromium: installing Debian's chromium package (about 40 s)…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "error: Chromium not found at $chromium. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
