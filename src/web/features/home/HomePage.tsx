import { HeroArt } from '../../components/art/HeroArt.tsx';
import { Link } from '../../lib/hash-link.tsx';
import { CategoryIcon } from './CategoryIcon.tsx';
import { HOME_TEXT as T } from './texts.ts';
import './home.css';

export function HomePage() {
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <h1 id="home-title" tabIndex={-1}>
              {T.title}
            </h1>
            <p className="home-hero__tagline">{T.tagline}</p>
            <Link href="/keyboard" className="button button--primary home-hero__cta">
              {T.shopNow}
            </Link>
          </div>
          <div className="home-hero__art">
            <HeroArt decorative />
          </div>
        </div>
      </section>

      <div className="container home-categories">
        <ul className="home-categories__list">
          {T.sections.map((section) => (
            <li key={section.id} className="card home-category">
              <CategoryIcon id={section.id} />
              <h2 className="home-category__title">{section.title}</h2>
              <p>{section.text}</p>
              <Link href={section.href} className="button home-category__action">
                {section.action}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
