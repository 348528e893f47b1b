/**
 * `nginx.conf`, written into every build for self-hosting: the same headers as `_headers`, the
 * editors' redirects, the nearest 404 page per language folder, and the compressed variants
 * (scripts/engine/files/variants.ts) served as they are. It is a snippet to `include` inside the
 * `server { }` block whose `root` is the live build; a pure function of the build's tables.
 */
import { redirectForms, redirectTarget, type Redirect } from '../../../pages/redirects.ts'
import { CACHE_REVALIDATE, headersFor, type HeaderRules } from './headers.ts'

export const NGINX_FILE = 'nginx.conf'

export interface NginxInput {
  rules: HeaderRules
  redirects: Redirect[]
  /** Language folders with a 404 page of their own (`de`, `ar`). */
  notFoundFolders: string[]
}

/** A value in double quotes, as nginx reads it. */
const quoted = (value: string) => `"${value.replace(/["\\$]/g, '\\$&')}"`

/**
 * nginx adds only the innermost block's `add_header` lines, so every location repeats all the
 * headers its paths get; `always` sends them on 404s and redirects too.
 */
function headerLines(rules: HeaderRules, path: string): string[] {
  return Object.entries({ 'Cache-Control': CACHE_REVALIDATE, ...headersFor(rules, path) }).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`)
}

function location(match: string, lines: string[]): string[] {
  return [`location ${match} {`, ...lines.map((line) => `  ${line}`), '}']
}

export function nginxConfig({ rules, redirects, notFoundFolders }: NginxInput): string {
  const files = ['try_files $uri $uri/ =404;']
  const prefixes = rules.map(([pattern]) => pattern).filter((pattern) => pattern.endsWith('/*') && pattern !== '/*').map((pattern) => pattern.slice(0, -1))
  const exact = rules.map(([pattern]) => pattern).filter((pattern) => !pattern.endsWith('*'))
  const redirectLines = redirects.flatMap(({ from, to, status }) =>
    redirectForms(from).flatMap((form) => location(`= ${quoted(form)}`, [...headerLines(rules, form), `return ${status} ${quoted(redirectTarget(to))};`])),
  )
  return [
    '# Written by npm run build. Include it inside the server { } block whose root is the live build:',
    '#   root /srv/site/dist;  include /srv/site/dist/nginx.conf;',
    '# nginx reads it when it loads: reload it (nginx -s reload) after each build.',
    '# gzip_static and brotli_static send the .gz and .br files a build with PRECOMPRESS=1 writes;',
    '# brotli_static needs the ngx_brotli module: remove that line without it.',
    'index index.html;',
    'gzip_static on;',
    'brotli_static on;',
    'gzip_vary on;',
    'error_page 404 /404.html;',
    '',
    ...location('/', [...headerLines(rules, '/'), ...files]),
    ...prefixes.flatMap((prefix) => location(prefix, [...headerLines(rules, prefix), ...files])),
    ...exact.flatMap((path) => location(`= ${path}`, [...headerLines(rules, path), ...files])),
    ...notFoundFolders.flatMap((folder) => location(`/${folder}/`, [...headerLines(rules, `/${folder}/`), `error_page 404 /${folder}/404.html;`, ...files])),
    '# Files for the host, not for visitors.',
    ...location('~ ^/(_headers|_redirects|nginx\\.conf)', ['return 404;']),
    ...(redirectLines.length ? ['# Redirects (a page that exists is never redirected: the build leaves such redirects out).', ...redirectLines] : []),
  ].join('\n') + '\n'
}
