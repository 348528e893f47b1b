// Lets plain Node import modules that import CSS (Vite's job in a real build): CSS becomes empty.
import { register } from 'node:module'

register('data:text/javascript,' + encodeURIComponent(`
  export async function load(url, context, next) {
    if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true }
    return next(url, context)
  }
`))
