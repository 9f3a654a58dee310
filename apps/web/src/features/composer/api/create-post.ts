import { ApiErrorSchema, POST_MESSAGES, type Post, PostSchema } from '@campus/contract';
import { ApiError } from '@/lib/api-client.ts';

export interface CreatePostOptions {
  /** Fraction of the request body sent so far, 0 to 1 (the 'Uploading Post...' bar). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/posts (multipart: `post` JSON and up to 10 `files`). XMLHttpRequest rather than
 * fetch because only it reports upload progress, which the progress modal shows for real.
 * Same-origin, so the session cookie goes along. Failures throw ApiError with the server's
 * message ('Please choose up to 10 photos.', 'Error: Too many characters!' …).
 */
export function createPost(form: FormData, options: CreatePostOptions = {}): Promise<Post> {
  return sendPostForm('POST', '/api/posts', form, options);
}

/**
 * Sends a composer's multipart form (a new post, or an edit of one, docs/product/selling.md)
 * with upload progress; resolves to the post's card as the server answers it.
 */
export function sendPostForm(
  method: 'POST' | 'PATCH',
  url: string,
  form: FormData,
  { onProgress, signal }: CreatePostOptions = {},
): Promise<Post> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const post = PostSchema.safeParse(body);
        if (post.success) {
          onProgress?.(1);
          resolve(post.data);
        } else {
          reject(new ApiError(xhr.status, 'INVALID_RESPONSE', POST_MESSAGES.submitFailed));
        }
        return;
      }
      const error = ApiErrorSchema.safeParse(body);
      reject(
        error.success
          ? new ApiError(error.data.statusCode, error.data.code, error.data.message)
          : new ApiError(xhr.status, `HTTP_${xhr.status}`, POST_MESSAGES.submitFailed),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', POST_MESSAGES.submitFailed));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
