/** Makes the page's context available to components (the usual Vike + React pattern). */
import { createContext, useContext, type ReactNode } from 'react'
import type { ViewContext } from './view-context.ts'

const Context = createContext<ViewContext | undefined>(undefined)

export function PageContextProvider({ pageContext, children }: { pageContext: ViewContext; children: ReactNode }) {
  return <Context.Provider value={pageContext}>{children}</Context.Provider>
}

export function usePageContext(): ViewContext {
  const pageContext = useContext(Context)
  if (!pageContext) throw new Error('usePageContext() is only available inside <PageContextProvider>')
  return pageContext
}
