/**
 * The contact page's card: its link opens the visitor's mail program with a
 * message to the configured support address, subject and body filled in.
 */
import { usePublicConfig } from '../../../app/public-config.tsx';
import { FadeIn } from '../../../components/FadeIn.tsx';
import { CONTACT_SUPPORT_MESSAGE, GET_IN_TOUCH } from '../../../content/contact.ts';
import { supportMailto } from '../../../lib/support-mailto.ts';
import './contact.css';

export function GetInTouchCard() {
  const supportEmail = usePublicConfig()?.supportEmail;
  return (
    <section className="get-in-touch" aria-labelledby="get-in-touch-title">
      <FadeIn className="get-in-touch__card">
        <img className="get-in-touch__image" src="/illustrations/get-in-touch.svg" alt="" width="240" height="180" />
        <div className="get-in-touch__body">
          <h2 id="get-in-touch-title" className="get-in-touch__title">
            {GET_IN_TOUCH.title}
          </h2>
          <p className="get-in-touch__text">{GET_IN_TOUCH.text}</p>
          {supportEmail && (
            <p className="get-in-touch__link">
              {GET_IN_TOUCH.linkPrefix}{' '}
              <a href={supportMailto(supportEmail, CONTACT_SUPPORT_MESSAGE)}>{supportEmail}</a>
            </p>
          )}
        </div>
      </FadeIn>
    </section>
  );
}
