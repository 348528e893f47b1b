/**
 * `node scripts/run.mjs <script> [args…]`: runs one of the project's TypeScript scripts without
 * tsx. esbuild compiles the script and the project files it imports into one ES module under
 * `.build/scripts/` (packages stay imports, resolved from the project's node_modules), which is
 * reused for as long as none of those files changes; the module then runs in this process, with
 * `process.argv[1]` naming the script as if Node had run it.
 *
 * Why: tsx sends every module a process loads through its loader thread. For a build that was
 * 0.3 s of CPU before the first request went out, paid again by every webhook's incremental
 * build, and in the bundle process, where Vite, Vike and rolldown load hundreds of modules, 1.6 s
 * of its 3.0 s (docs/benchmark/profile.md). Plain JavaScript, because it must start without tsx.
 *
 * `node scripts/run.mjs --bundle <package>[,<package>…] <script> [args…]` compiles the packages
 * named into the script as well (into a module of its own name, `<script>+<packages>.mjs`), each
 * of their files with its own `import.meta` as for the project's files. For a package of many small
 * modules that a process loads whole: Node 20 resolves, reads and compiles an ES module at a time,
 * and Vike's Vite plugin, 314 files, took the bundle process (scripts/bundles.ts) about 0.2 s of
 * its 1.1 s that way (docs/benchmark/profile.md, fifteenth round).
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { readFile } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')
const OUT_DIR = join(ROOT, '.build', 'scripts')

/**
 * Gives every compiled file its own `import.meta.dirname`, `filename` and `url` (the source file's),
 * as if it had not been bundled: modules find the project's folders from where they live, and a
 * package compiled in (`--bundle`) its own files (Vike resolves its `dist` files from its URL).
 * Only those packages' files are read from node_modules: the others stay imports.
 */
const sourceLocation = {
  name: 'source-import-meta',
  /** @param {import('esbuild').PluginBuild} pluginBuild */
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8')
      if (!source.includes('import.meta.')) return undefined
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
        .replaceAll('import.meta.filename', JSON.stringify(path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
      const extension = path.slice(path.lastIndexOf('.') + 1)
      return { contents, loader: extension.endsWith('x') ? (extension.startsWith('t') ? 'tsx' : 'jsx') : extension.includes('t') ? 'ts' : 'js' }
    })
  },
}

/**
 * Keeps every package an import but those named (`--bundle`), whose files are compiled in. What a
 * package compiled in imports stays an import too, of the file Node would find from that
 * package's own folder: a dependency installed inside it is then found, and a dependency the
 * script imports as well is the same module (Vite, for Vike's plugin and the build's config).
 * @param {string[]} bundled package names
 * @returns {import('esbuild').Plugin}
 */
function packagesExceptBundled(bundled) {
  const asResolved = Symbol('resolved from its importer')
  return {
    name: 'packages-except-bundled',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./#]/ }, async ({ path, kind, importer, resolveDir, pluginData }) => {
        if (kind === 'entry-point' || pluginData === asResolved) return undefined
        const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]
        if (bundled.includes(name)) return undefined
        if (importer.includes('/node_modules/') && !isBuiltin(path)) {
          const found = await pluginBuild.resolve(path, { kind, importer, resolveDir, pluginData: asResolved })
          if (!found.errors.length && !found.external) return { path: found.path, external: true }
        }
        return { path, external: true }
      })
    },
  }
}

/**
 * Each file with its modification time and size: a compiled script is current while the files it
 * was made from (this one among them, so that a change to how scripts are compiled recompiles
 * them) and the modules it was compiled into still match.
 * @param {string[]} files paths relative to the project
 * @returns {[string, number, number][]}
 */
function stamps(files) {
  return files.map((file) => {
    const { mtimeMs, size } = statSync(join(ROOT, file))
    return [file, mtimeMs, size]
  })
}

/** @param {string} manifest */
function isCurrent(manifest) {
  try {
    const recorded = /** @type {[string, number, number][]} */ (JSON.parse(readFileSync(manifest, 'utf8')))
    return JSON.stringify(stamps(recorded.map(([file]) => file))) === JSON.stringify(recorded)
  } catch {
    return false // never compiled, or a file it was made from is gone
  }
}

/**
 * The compiled module of `entry` (an absolute path), compiling it when needed. Writes go to
 * temporary names and are renamed into place, so that builds started side by side (the tests run
 * several) never read a half-written module.
 * @param {string} entry
 * @param {string[]} [bundled] packages compiled in (see `--bundle`)
 * @returns {Promise<string>}
 */
export async function compiledScript(entry, bundled = []) {
  const name = relative(ROOT, entry).replace(/\.[cm]?[jt]sx?$/, '') + (bundled.length ? `+${bundled.join('+').replaceAll('/', '-')}` : '')
  const outfile = join(OUT_DIR, `${name}.mjs`)
  const manifest = join(OUT_DIR, `${name}.inputs.json`)
  if (isCurrent(manifest)) return outfile
  // Loaded only to compile: importing esbuild (CommonJS, read through Node's export scanner) cost
  // every build 45 ms at its start and 60-70 ms of CPU, when the compiled script is current.
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    outdir: dirname(outfile),
    entryNames: basename(outfile, '.mjs'),
    // What a script imports with `import()` is a module of its own, loaded (with the packages it
    // imports) only when the script gets there: scripts/build.ts starts the bundle process first.
    splitting: true,
    chunkNames: `${basename(outfile, '.mjs')}.chunks/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    ...(bundled.length ? {} : { packages: 'external' }),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces point into the sources (see setSourceMapsEnabled below). Not with packages
    // compiled in: the map of their sources (1.3 MB for Vike's plugin) would be parsed by Vike's
    // source-map-support each time a stack is captured, which cost the bundle process 0.35 s; a
    // stack then points into the compiled module, plain JavaScript like the packages' own.
    sourcemap: bundled.length ? false : 'inline',
    // The theme's CSS reaches the server side through components; it means nothing to Node.
    loader: { '.css': 'empty' },
    metafile: true,
    logLevel: 'silent',
    plugins: [sourceLocation, ...(bundled.length ? [packagesExceptBundled(bundled)] : [])],
  })
  // The chunks first, the script last: a script that is there finds its chunks.
  const files = result.outputFiles.sort((a, b) => Number(a.path === outfile) - Number(b.path === outfile))
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true })
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  // The modules written are stamped too: a script whose chunk is gone is compiled again.
  const made = [relative(ROOT, fileURLToPath(import.meta.url)), ...Object.keys(result.metafile.inputs), ...files.map((file) => relative(ROOT, file.path))]
  writeFileSync(`${manifest}.${process.pid}.tmp`, JSON.stringify(stamps(made)))
  renameSync(`${manifest}.${process.pid}.tmp`, manifest)
  return outfile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bundled = process.argv[2] === '--bundle' ? process.argv.splice(2, 2)[1]?.split(',').filter(Boolean) ?? [] : []
  const script = process.argv[2]
  if (!script) {
    console.error('Usage: node scripts/run.mjs [--bundle <package>[,<package>…]] <TypeScript file> [arguments]')
    process.exit(1)
  }
  const entry = resolve(script)
  let compiled
  try {
    compiled = await compiledScript(entry, bundled)
  } catch (error) {
    const errors = /** @type {{ errors?: { text: string, location?: { file: string, line: number } | null }[] }} */ (error).errors
    console.error(`Could not compile ${script}:\n${errors ? errors.map(({ text, location }) => `  ${location ? `${location.file}:${location.line}: ` : ''}${text}`).join('\n') : String(error)}`)
    process.exit(1)
  }
  // Stack traces point into the sources, through the inline maps above. RUN_SOURCE_MAPS=0 leaves
  // them off for a process whose code is mostly packages (the bundle build, scripts/bundles.ts):
  // with them on, Node reads the source map of every module that names one as it loads, which
  // cost Vite, Vike and rolldown's process 0.16 s of its 1.6 s of CPU (docs/benchmark/profile.md).
  if (process.env.RUN_SOURCE_MAPS !== '0') process.setSourceMapsEnabled(true)
  process.argv.splice(1, 2, entry)
  await import(pathToFileURL(compiled).href)
}
