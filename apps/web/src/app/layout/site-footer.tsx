import { addressLines, OPERATOR } from '@tours/domain/operator';
import { useRegionContact } from '../../lib/region.ts';
import { CARD_BRANDS, MarkList, TRADE_BODIES } from './footer-marks.tsx';
import { SocialIcon } from './social-icons.tsx';

/** Spec section 1: company, regional address, year, social links, card brands and trade bodies. */
export function SiteFooter() {
  const { address } = useRegionContact();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__company">
          <p className="site-footer__name">{OPERATOR.companyName}</p>
          <address className="site-footer__address">
            {addressLines(address).map((line) => (
              <span className="site-footer__address-line" key={line}>
                {line}
              </span>
            ))}
          </address>
        </div>
        <div className="site-footer__group">
          <h2 className="site-footer__heading">Follow us</h2>
          <ul className="social-list">
            {OPERATOR.social.map((network) => (
              <li key={network.name}>
                <a className="social-link" href={network.href} aria-label={network.name}>
                  <SocialIcon name={network.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="site-footer__group">
          <h2 className="site-footer__heading">Ways to pay</h2>
          <MarkList label="Card brands we accept" marks={CARD_BRANDS} />
        </div>
        <div className="site-footer__group">
          <h2 className="site-footer__heading">Your protection</h2>
          <MarkList label="Travel trade bodies we belong to" marks={TRADE_BODIES} />
        </div>
      </div>
      <div className="site-footer__legal">
        <p>
          © {year} {OPERATOR.companyName}
        </p>
      </div>
    </footer>
  );
}
