/**
 * A project or article as a card: the whole card is one link to the story. Its title is one
 * heading level below the list's own heading (h3 under a titled list, h2 under an untitled one),
 * so headings never skip a level.
 */
import type { StoryCard } from '../../pages/build-contract.ts'
import { Image } from './Image.tsx'

export type ItemHeading = 'h2' | 'h3'

export function Card({ card, heading: Heading = 'h3' }: { card: StoryCard; heading?: ItemHeading }) {
  const title = card.content.title ?? card.name
  return (
    <a className="card" href={card.route}>
      <Image asset={card.content.image} sizes="(min-width: 960px) 33vw, 100vw" />
      <div className="card-body">
        <Heading>{title}</Heading>
        {card.content.description ? <p>{card.content.description}</p> : null}
      </div>
    </a>
  )
}

export function CardList({ cards, heading }: { cards: StoryCard[]; heading?: ItemHeading }) {
  return (
    <ul className="cards">
      {cards.map((card) => (
        <li key={card.uuid}>
          <Card card={card} heading={heading} />
        </li>
      ))}
    </ul>
  )
}
