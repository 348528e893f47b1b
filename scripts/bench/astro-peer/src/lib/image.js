// Responsive images through Storyblok's image service, at the widths our pages offer (cms/image.ts).
const WIDTHS = [600, 960, 1280, 1920, 2560]

export function srcSet(filename) {
  const width = Number(/\/(\d+)x\d+\//.exec(filename)?.[1] ?? 0)
  return WIDTHS.filter((candidate) => candidate < width)
    .concat([width])
    .map((candidate) => `${filename}/m/${candidate}x0/filters:quality(75):format(webp) ${candidate}w`)
    .join(', ')
}
