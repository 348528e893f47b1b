// @vitest-environment happy-dom
/**
 * The contact modal as a visitor uses it: open from the Button, focus inside and trapped, Esc and
 * Close, focus back on the button, validation on blur and submit, sending/success/failure states.
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { PageContext } from 'vike/types'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Block } from '../blocks/Block.tsx'
import { BlockEnvironment } from '../blocks/environment.tsx'
import { mailtoHref } from '../blocks/contact/validate.ts'
import type { ContactSettings } from '../pages/build-contract.ts'
import { PageContextProvider } from '../renderer/PageContextProvider.tsx'
import { payloadWith } from './helpers/render.tsx'

declare global {
  // Tells React that this environment runs act().
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

let root: Root
let container: HTMLElement

async function mount(contact: ContactSettings) {
  const blok = { _uid: 'b', component: 'button', label: 'Start a project' }
  const payload = payloadWith(blok)
  container = document.createElement('div')
  container.id = 'root'
  document.body.append(container)
  root = createRoot(container)
  await act(async () => {
    root.render(
      <PageContextProvider pageContext={{ payload } as unknown as PageContext}>
        <BlockEnvironment payload={payload} contact={contact}>
          <Block blok={blok} />
        </BlockEnvironment>
      </PageContextProvider>,
    )
  })
}

/** The Button block's control: a mailto: link when the site has an address, else a button. */
const button = () => container.querySelector<HTMLElement>('a.button, button')!
const dialog = () => document.querySelector('dialog')
const field = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!
const errorOf = (name: string) => {
  const id = field(name).getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

/**
 * Opens the dialog and waits until it is open as a visitor sees it: shown, with focus inside. Its
 * code loads on demand, and the first load in a busy test run resolves outside act(), so focus
 * may move a moment after the dialog appears.
 */
async function open() {
  button().focus()
  await act(async () => button().click())
  await vi.waitFor(() => expect(dialog()?.contains(document.activeElement)).toBe(true), { timeout: 10_000 })
}

async function type(name: string, value: string) {
  const element = field(name)
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!
    setter.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function blur(name: string) {
  await act(async () => {
    field(name).dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  })
}

async function key(key: string, shiftKey = false) {
  await act(async () => {
    ;(document.activeElement ?? dialog())!.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }))
  })
}

async function submit() {
  await act(async () => {
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  })
}

/** Opens the dialog, fills every field validly and submits. */
async function sendValidForm(contact: ContactSettings = { endpoint: '/api/contact' }) {
  await mount(contact)
  await open()
  await type('name', 'Ada')
  await type('email', 'ada@example.com')
  await type('message', 'We would like a new website.')
  await submit()
}

beforeEach(() => {
  document.body.innerHTML = ''
})
afterEach(async () => {
  await act(async () => root.unmount())
  vi.unstubAllGlobals()
})

describe('contact dialog', () => {
  it('should open from the button, move focus to the first field and make the page inert', async () => {
    await mount({ endpoint: '/api/contact' })
    expect(dialog()).toBeNull()
    await open()
    expect(dialog()!.getAttribute('aria-labelledby')).toBeTruthy()
    expect(document.activeElement).toBe(field('name'))
    expect(container.inert).toBe(true)
  })

  it('should close on Escape and on the close button, returning focus to the button', async () => {
    await mount({ endpoint: '/api/contact' })
    await open()
    await key('Escape')
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(button())
    expect(container.inert).toBe(false)

    await open()
    await act(async () => document.querySelector<HTMLButtonElement>('dialog .close')!.click())
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(button())
  })

  it('should keep Tab inside the dialog', async () => {
    await mount({ endpoint: '/api/contact' })
    await open()
    const submitButton = document.querySelector<HTMLButtonElement>('dialog button[type=submit]')!
    submitButton.focus()
    await key('Tab')
    expect(document.activeElement).toBe(document.querySelector('dialog .close'))
    await key('Tab', true)
    expect(document.activeElement).toBe(submitButton)
  })

  it('should validate a field on blur and show the message next to it', async () => {
    await mount({ endpoint: '/api/contact' })
    await open()
    await type('email', 'not-an-email')
    await blur('email')
    expect(field('email').getAttribute('aria-invalid')).toBe('true')
    expect(errorOf('email')).toMatch(/does not look like an email address/)
    await type('email', 'ada@example.com')
    expect(errorOf('email')).toBeUndefined()
  })

  it('should validate every field on submit and focus the first invalid one', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    await mount({ endpoint: '/api/contact' })
    await open()
    await type('email', 'ada@example.com')
    await submit()
    expect(errorOf('name')).toMatch(/your name/)
    expect(errorOf('message')).toMatch(/write a message/)
    expect(document.activeElement).toBe(field('name'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('should POST JSON to the endpoint, show sending, then success', async () => {
    let answer!: (response: Response) => void
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetchMock)
    await sendValidForm()
    expect(document.querySelector<HTMLButtonElement>('dialog button[type=submit]')!.disabled).toBe(true)
    expect(document.querySelector('dialog button[type=submit]')!.textContent).toBe('Sending…')
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', expect.objectContaining({ method: 'POST' }))
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'We would like a new website.',
    })
    await act(async () => answer(new Response('{}', { status: 200 })))
    const confirmation = document.querySelector<HTMLElement>('dialog [role=status]')!
    expect(confirmation.textContent).toMatch(/Thank you, Ada\. Your message is sent/)
    expect(document.activeElement).toBe(confirmation)
    await act(async () => confirmation.querySelector('button')!.click())
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(button())
  })

  it('should confirm once the mailto: fallback has asked the email app to open, naming the address', async () => {
    const opened: string[] = []
    vi.spyOn(window.location, 'href', 'set').mockImplementation((href: string) => void opened.push(href))
    await sendValidForm({ email: 'hello@studio.example' })
    expect(opened).toEqual([mailtoHref('hello@studio.example', { name: 'Ada', email: 'ada@example.com', message: 'We would like a new website.' })])
    const confirmation = document.querySelector<HTMLElement>('dialog [role=status]')!
    expect(confirmation.textContent).toMatch(/Your email app should now show your message/)
    expect(confirmation.querySelector('a')!.getAttribute('href')).toBe('mailto:hello@studio.example')
  })

  it('should be a mailto: link before the page runs when the site has an address, and a button without one', async () => {
    await mount({ email: 'hello@studio.example' })
    expect(button().tagName).toBe('A')
    expect(button().getAttribute('href')).toBe('mailto:hello@studio.example')
    await open()
    expect(dialog()).not.toBeNull()
    await act(async () => root.unmount())
    await mount({ endpoint: '/api/contact' })
    expect(button().tagName).toBe('BUTTON')
  })

  it('should keep everything typed when sending fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 500 })))
    await sendValidForm()
    await vi.waitFor(() => expect(document.querySelector('dialog [role=alert]')).not.toBeNull())
    expect(document.querySelector('dialog [role=alert]')!.textContent).toMatch(/still here/)
    expect(field('name').value).toBe('Ada')
    expect(field('message').value).toBe('We would like a new website.')
    expect(document.querySelector<HTMLButtonElement>('dialog button[type=submit]')!.disabled).toBe(false)
  })

  it('should open a prefilled mailto: without an endpoint', () => {
    const href = mailtoHref('hello@studio.example', { name: 'Ada', email: 'ada@example.com', message: 'Hello there, studio' })
    expect(href).toBe(
      'mailto:hello@studio.example?subject=Project%20enquiry%20from%20Ada&body=Hello%20there%2C%20studio%0A%0AAda%20%3Cada%40example.com%3E',
    )
  })
})
