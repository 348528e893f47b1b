/**
 * Beside the stages, from the start: the client and server bundles and the render worker, built
 * by Vike and esbuild in a process of their own (`process.mjs`) while the content is fetched.
 *
 * In: the code and the preview settings. Out: a bundle folder (files named in `layout.ts`) and a
 * `BundleBuild` that says when the worker and the bundles are written.
 */
export { ensureBundles, type BundleBuild } from './bundles.ts'
