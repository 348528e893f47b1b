/**
 * Catches a lazily loaded part that failed to load (its chunk is gone after a deploy and the page
 * already reloaded once): the rest of the page keeps working and the visitor is told what to do.
 */
import { Component, type ReactNode } from 'react'

export class LoadBoundary extends Component<{ children: ReactNode; what: string }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <span role="alert" className="load-error">
        The {this.props.what} could not be loaded. Please reload the page.
      </span>
    )
  }
}
