/** Whether a text reads as an email address: the contact form's check (blocks/contact/validate.ts) and CONTACT_EMAIL's (scripts/engine/config.ts). */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)
}
