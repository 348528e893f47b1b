/** A project or article as a card: the whole card is one link to the story. */
import type { StoryCard } from '../../pages/route-payload.ts'
import { Image } from './Image.tsx'

export function Card({ card }: { card: StoryCard }) {
  const title = card.content.title ?? card.name
  return (
    <a className="card" href={card.route}>
      <Image asset={card.content.image} sizes="(min-width: 960px) 33vw, 100vw" />
      <div className="card-body">
        <h3>{title}</h3>
        {card.content.description ? <p>{card.content.description}</p> : null}
      </div>
    </a>
  )
}

export function CardList({ cards }: { cards: StoryCard[] }) {
  return (
    <ul className="cards">
      {cards.map((card) => (
        <li key={card.uuid}>
          <Card card={card} />
        </li>
      ))}
    </ul>
  )
}
