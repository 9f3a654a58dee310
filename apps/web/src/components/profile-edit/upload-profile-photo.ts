import { ApiErrorSchema, SETTINGS_MESSAGES, type Viewer, ViewerSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const PHOTO_URL = '/api/me/photo';

function responseError(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's error page): fall through to the generic message.
  }
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data.statusCode, parsed.data.code, parsed.data.message);
  return new ApiError(xhr.status, `HTTP_${xhr.status}`, SETTINGS_MESSAGES.somethingWentWrong);
}

/**
 * POST /api/me/photo (multipart field "file"). XMLHttpRequest rather than fetch because only
 * it reports upload progress, which the 'Updating account data...' bar shows.
 * `onProgress` receives the sent fraction, 0 to 1.
 */
function uploadProfilePhoto(file: File, onProgress: (fraction: number) => void): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PHOTO_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(responseError(xhr));
        return;
      }
      try {
        resolve(ViewerSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new ApiError(xhr.status, 'BAD_RESPONSE', SETTINGS_MESSAGES.somethingWentWrong));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'NETWORK_ERROR', SETTINGS_MESSAGES.somethingWentWrong)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'ABORTED', SETTINGS_MESSAGES.somethingWentWrong)));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** The upload as a mutation with its progress (0 to 1); the `me` query takes the new viewer. */
export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadProfilePhoto(file, setProgress);
    },
    onSuccess: (viewer) => queryClient.setQueryData(queryKeys.me, viewer),
  });
  return { ...mutation, progress };
}
