import config from '../vike.config.ts'

export default config
