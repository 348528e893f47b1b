// Worker threads do not inherit tsx's loader in Node 20: register it here (and let the layout's
// CSS import resolve to nothing, as Vite's SSR build does), then run the worker.
import { register } from 'tsx/esm/api'
import './ignore-css.mjs'

register()
await import('./render-worker.ts')
