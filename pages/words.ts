/**
 * The interface's own words (docs/behaviour.md, "Languages"): labels, buttons, dates and the
 * contact form's messages, as opposed to the editors' content. English is built in; the site of
 * another language carries its words in its shell (pages/site-shell.ts, from
 * pages/translations.ts), so the browser downloads only the words of the page's language.
 */

/** `{name}` placeholders are filled by `fill`. */
export const ENGLISH = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  close: 'Close',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  languageNavigation: 'Language',
  breadcrumb: 'Breadcrumb',
  published: 'Published',
  /** A date: day, month name and year. */
  date: '{day} {month} {year}',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  relatedProjects: 'Related projects',
  projects: 'Projects',
  newerProjects: 'Newer projects',
  olderProjects: 'Older projects',
  moreProjects: 'More projects',
  articles: 'Articles',
  newerArticles: 'Newer articles',
  olderArticles: 'Older articles',
  moreArticles: 'More articles',
  page: 'Page {page}',
  contactUs: 'Contact us',
  contactTitle: 'Start a project',
  closeContact: 'the contact form',
  name: 'Name',
  email: 'Email',
  message: 'Message',
  send: 'Send',
  sending: 'Sending…',
  sendingStatus: 'Sending your message',
  writeEmail: 'Write the email',
  sendFailed: 'Sending failed. Your message is still here: please try again in a moment.',
  sent: 'Thank you, {name}. Your message is sent; we will answer within two working days.',
  mailtoOpened: 'Thank you, {name}. Your email app should now show your message, ready to send.',
  mailtoFallback: 'If it did not open, write to',
  done: 'Done',
  nameMissing: 'Please tell us your name.',
  nameTooLong: 'Please keep your name under 100 characters.',
  emailMissing: 'Please enter your email address, so we can answer.',
  emailInvalid: 'This does not look like an email address (name@example.com).',
  messageMissing: 'Please write a message.',
  messageTooShort: 'Please write at least 10 characters.',
  messageTooLong: 'Please keep your message under 5000 characters.',
  enquirySubject: 'Project enquiry from {name}',
  /** After a page's title on pages 2, 3, … of a long list. */
  titlePage: ', page {page}',
  notFound: 'Page Not Found',
  notFoundLead: 'The page may have moved, or the address may be mistyped. The navigation above leads to everything on this site.',
  serverError: 'Internal Server Error',
  serverErrorLead: 'Something went wrong on our side. Please try again in a moment.',
  backHome: 'Back to the home page',
  visitProject: 'Visit the project',
  /** Read by screen readers after a link that opens another tab. */
  opensInNewTab: '(opens in a new tab)',
  search: 'Search',
  searchTitle: 'Search this site',
  closeSearch: 'the search',
  /** Read out as results arrive; "Results: 3" reads well in every language without plural forms. */
  searchResults: 'Results: {count}',
  searchNothing: 'Nothing found for “{query}”.',
  searchFailed: 'Search is not available right now. Please try again in a moment.',
}

export type Words = typeof ENGLISH

/** A site shell's words; the built-in English ones when it carries none (an English site) or there is no shell. */
export function wordsOf(shell: { words?: Words } | undefined): Words {
  return shell?.words ?? ENGLISH
}

/** A word with its `{placeholders}` filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
}

/**
 * Dates as visitors read them: `2025-10-01` → `1 October 2025` (in German `1. Oktober 2025`).
 * Written out from the words, not with Intl, so the server's and the browser's text are the same
 * bytes whatever ICU data each has (hydration compares them).
 */
export function readableDate(isoDate: string, words: Pick<Words, 'date' | 'months'> = ENGLISH): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  const month = match ? words.months[Number(match[2]) - 1] : undefined
  return match && month ? fill(words.date, { day: Number(match[3]), month, year: match[1]! }) : isoDate
}
