/**
 * What each object of a deployed site is served with: its Content-Type (with a charset for text,
 * as `npm start` sends it) and its Cache-Control, from the same rule that writes `_headers`
 * (scripts/engine/publish/headers.ts): immutable for hashed assets and build metas, revalidated for
 * HTML, payloads and `latest.json`.
 */
import { contentType } from 'mime-types'
import { cacheControl } from '../publish/headers.ts'

export interface ObjectHeaders {
  ContentType: string
  CacheControl: string
  /** An S3 website redirect (x-amz-website-redirect-location): the object stands for a redirect. */
  WebsiteRedirectLocation?: string
}

/** `path`: the file's path in the build (`blog/index.html`); `redirect`: where an editor's redirect from it leads. */
export function objectHeaders(path: string, redirect?: string): ObjectHeaders {
  const headers = { ContentType: contentType(path.split('/').pop()!) || 'application/octet-stream', CacheControl: cacheControl(`/${path}`) }
  return redirect === undefined ? headers : { ...headers, WebsiteRedirectLocation: redirect }
}
