/**
 * Vike's Babel, loaded only if it is used. Imported first by the bundle process
 * (scripts/build-bundles.ts), before Vike.
 *
 * Vike's Vite plugin imports `@babel/core` and `@babel/types` at load, for two jobs:
 * - finding the import declarations of each `+config` file (`parseSync`), which is all a build
 *   needs of Babel: `@babel/parser` alone does it;
 * - its `staticReplace` setting (`transformAsync`, with `@babel/types`' builders and checks),
 *   which this project does not use.
 * Loading the two, and what `@babel/core` imports eagerly (`@babel/traverse`, `@babel/generator`),
 * took about 0.15 s of the bundle process, on the chain a full build waits for
 * (docs/benchmark/profile.md, thirteenth round).
 *
 * How: Node hands an `import` of a CommonJS module the entry `require.cache` holds for its file,
 * if there is one, and programs may add entries to that cache. So an entry is put there for each
 * of the two files, as Vike resolves them, whose exports load the real module the first time one
 * of them is called:
 * - `parseSync(code, { sourceType })` is `@babel/parser`'s `parse`: Vike calls it on the
 *   esbuild output of a config file (plain JavaScript), so Babel's configuration (plugins and
 *   presets, which only shape the parse of syntax esbuild has already removed) cannot change the
 *   tree;
 * - every other export of either module is a function that loads the real modules, for good,
 *   then calls the real export of that name.
 * If a Node version stops consulting the cache on `import`, Vike gets the real Babel: slower,
 * never different. tests/defer-babel.test.ts holds both halves to the real Babel.
 */
import Module, { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

type Exports = Record<string, unknown>
/** What is used of `@babel/parser` (a dependency of `@babel/core`, installed with it). */
interface BabelParser {
  parse(code: string, options: { sourceType: string }): unknown
}

/** Where Vike's plugin is: `@babel/*` are resolved from there, as its imports are. */
const VIKE_PLUGIN = 'vike/plugin'

/**
 * Puts the deferred `@babel/core` and `@babel/types` in the module cache, as resolved from
 * `from` (a file URL of Vike's). Returns whether the real modules have been loaded since, for
 * tests.
 */
export function deferBabel(from = import.meta.resolve(VIKE_PLUGIN)): { loaded(): boolean } {
  const vikeRequire = createRequire(fileURLToPath(from))
  const core = vikeRequire.resolve('@babel/core')
  const types = vikeRequire.resolve('@babel/types')
  const parser = vikeRequire.resolve('@babel/parser', { paths: [dirname(core)] })
  const cache = vikeRequire.cache
  // Babel's real modules, once anything but the parse is asked of them: both entries leave the
  // cache first, so that @babel/core's own `require('@babel/types')` gets the real one too.
  let real: { core: Exports; types: Exports } | undefined
  const load = () => {
    if (!real) {
      if (cache[core]?.exports === coreExports) delete cache[core]
      if (cache[types]?.exports === typesExports) delete cache[types]
      real = { core: vikeRequire(core) as Exports, types: vikeRequire(types) as Exports }
    }
    return real
  }
  /** A stand-in for the real module's export `name`, as a function: Vike reads nothing else of either module. */
  const forward = (of: 'core' | 'types', name: string) =>
    function (this: unknown, ...args: unknown[]) {
      return (load()[of][name] as (...args: unknown[]) => unknown).apply(this, args)
    }
  const parse = (code: string, options?: { sourceType?: string }) => (vikeRequire(parser) as BabelParser).parse(code, { sourceType: options?.sourceType ?? 'module' })
  const coreExports = lazyExports((name) => (name === 'parseSync' ? parse : forward('core', name)))
  const typesExports = lazyExports((name) => forward('types', name))
  cache[core] ??= loadedModule(core, coreExports)
  cache[types] ??= loadedModule(types, typesExports)
  return { loaded: () => real !== undefined }
}

/**
 * Exports that answer every name with `make(name)`, made once: an `import` reads each export the
 * real file declares (Node finds their names in its source) and asks whether this object has it.
 */
function lazyExports(make: (name: string) => unknown): Exports {
  const made = new Map<string, unknown>()
  const get = (name: string) => {
    if (!made.has(name)) made.set(name, make(name))
    return made.get(name)
  }
  return new Proxy({} as Exports, {
    get: (_, name) => (typeof name === 'string' && name !== 'then' ? get(name) : undefined),
    has: (_, name) => typeof name === 'string' && name !== 'then',
    getOwnPropertyDescriptor: (_, name) =>
      typeof name === 'string' && name !== 'then' ? { value: get(name), writable: true, enumerable: true, configurable: true } : undefined,
  })
}

/** A module entry that Node takes as loaded, with `exports`. */
function loadedModule(file: string, exports: Exports): Module {
  const module = new Module(file)
  module.filename = file
  module.exports = exports
  module.loaded = true
  return module
}
