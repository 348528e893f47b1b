/**
 * Progress lines for long steps: rewritten in place on a terminal, and in CI one line per quarter
 * so logs stay short.
 */
export function progress(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastQuarter = -1
  return (done: number, total: number) => {
    const text = `${label}: ${done}/${total}`
    if (stream.isTTY) {
      stream.write(`\r${text}${done >= total ? '\n' : ''}`)
      return
    }
    const quarter = total === 0 ? 4 : Math.floor((done / total) * 4)
    if (quarter !== lastQuarter) {
      lastQuarter = quarter
      stream.write(`${text}\n`)
    }
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}
