import { shellText } from './texts.ts';

// The shop's community channels. Replace the addresses with the real handles when they exist.
const socialLinks = [
  {
    name: 'Discord',
    href: 'https://discord.com/',
    icon: (
      <path d="M8.5 7.2a14 14 0 0 1 7 0M7 16.6c3.3 1.5 6.7 1.5 10 0M6.4 7.9 4.3 14.6c.9 1.1 2 1.8 3.3 2.3l1-1.6m8.9-7.4 2.1 6.7c-.9 1.1-2 1.8-3.3 2.3l-1-1.6M9.5 12.3h.01M14.5 12.3h.01" />
    ),
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    icon: (
      <>
        <rect x="3" y="6" width="18" height="12" rx="3.5" />
        <path d="m10.5 9.5 4 2.5-4 2.5z" />
      </>
    ),
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    icon: (
      <>
        <rect x="4" y="4" width="16" height="16" rx="4.5" />
        <circle cx="12" cy="12" r="3.6" />
        <path d="M16.8 7.2h.01" />
      </>
    ),
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__copy">{shellText.copyright(new Date().getFullYear())}</p>
        <ul className="site-footer__social" aria-label={shellText.socialLabel}>
          {socialLinks.map((link) => (
            <li key={link.name}>
              <a
                className="site-footer__social-link"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  {link.icon}
                </svg>
                <span className="visually-hidden">
                  {link.name} {shellText.newTab}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
