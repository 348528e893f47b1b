/** The files a build writes for hosts, not for visitors: never served, never uploaded to object storage. */
import { REDIRECTS_FILE } from '../../../pages/redirects.ts'
import { HEADERS_FILE } from './headers.ts'
import { NGINX_FILE } from './nginx.ts'

export const HOST_FILES: readonly string[] = [HEADERS_FILE, REDIRECTS_FILE, NGINX_FILE]
