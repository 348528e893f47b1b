/** What both benchmarks report with their figures: medians, and the machine they ran on. */
import { cpus, totalmem } from 'node:os'

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!
}

/** `2 × <CPU model>, 24 GiB RAM, Node v20.20.2`. */
export function machineDescription(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1073741824).toFixed(0)} GiB RAM, Node ${process.version}`
}
