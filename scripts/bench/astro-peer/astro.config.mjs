// The Astro peer of `npm run bench:astro`: a static site from the embedded CMS through Storyblok's
// official integration, its client's throttle lifted as our build's is.
import { storyblok } from '@storyblok/astro'
import { defineConfig } from 'astro/config'

export default defineConfig({
  output: 'static',
  outDir: process.env.ASTRO_OUT_DIR ?? 'dist',
  integrations: [
    storyblok({
      accessToken: process.env.STORYBLOK_TOKEN,
      bridge: false,
      apiOptions: { endpoint: process.env.STORYBLOK_API_URL, rateLimit: 10_000 },
      enableFallbackComponent: true,
      components: {
        page: 'storyblok/Page',
        article: 'storyblok/Article',
        project: 'storyblok/Project',
        teaser: 'storyblok/Teaser',
        grid: 'storyblok/Grid',
        feature: 'storyblok/Feature',
        'all-projects': 'storyblok/AllProjects',
        'article-block': 'storyblok/ArticleBlock',
        button: 'storyblok/Button',
      },
    }),
  ],
})
