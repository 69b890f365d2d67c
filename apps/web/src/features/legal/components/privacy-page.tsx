import { ContactLink } from '@/components/layout/contact-link';
import { LegalLayout, LegalSection } from './legal-layout';

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro="This policy explains what Plainspoken collects when you use the service, why we collect it, how long we keep it and the choices you have."
    >
      <LegalSection title="1. Who we are">
        <p>
          Plainspoken is an online service that rewrites AI-generated text so it reads naturally. In this policy, "we"
          and "us" mean the operator of Plainspoken, and "you" means anyone who visits the site or holds an account.
        </p>
      </LegalSection>
      <LegalSection title="2. What we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your email address, a securely hashed password if you sign up with one,
            and whether your email is confirmed. If you sign in with Google, we receive your email address and basic
            profile identifier from Google.
          </li>
          <li>
            <strong>Text you submit:</strong> the text you paste for rewriting and the result we return. Results are
            stored in your history so you can find them again.
          </li>
          <li>
            <strong>Subscription and usage:</strong> your plan, word balance, words used, renewal and cancellation
            dates. Payment card details are handled by our payment provider and never reach our servers.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and request logs, used to keep the service secure
            and to enforce fair-use rate limits.
          </li>
          <li>
            <strong>Product analytics:</strong> when enabled, pages viewed and actions such as sign-up, sign-in and
            checkout, and session recordings in which password fields are always masked.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="3. How we use it">
        <ul>
          <li>To provide the service: rewrite your text, keep your history and track your word balance.</li>
          <li>To run your account: sign-in, confirmation and sign-in link emails, and billing.</li>
          <li>To keep the service safe: prevent abuse, fraud and attacks, and enforce our Terms.</li>
          <li>To improve Plainspoken: understand which features are used, in aggregate.</li>
        </ul>
        <p>
          We do not sell your personal information, and we do not use the text you submit to train models for third
          parties.
        </p>
      </LegalSection>
      <LegalSection title="4. Service providers">
        <p>
          We share data only with providers who help us run the service, under contracts that limit their use of it: our
          hosting and database providers, our email delivery provider, our payment provider (which acts as merchant of
          record for purchases), an analytics provider when analytics are enabled, and, when configured, a language
          model provider that processes submitted text to produce rewrites.
        </p>
      </LegalSection>
      <LegalSection title="5. Cookies and local storage">
        <p>
          We use a strictly necessary cookie to keep you signed in. Your browser's local storage holds small records
          such as whether you have dismissed a promotion. Analytics cookies are set only when analytics are enabled.
        </p>
      </LegalSection>
      <LegalSection title="6. How long we keep data">
        <p>
          We keep your account and history while your account is open. You can ask us to delete your account at any
          time; we then delete your personal data within 30 days, except records we must keep for tax, accounting or
          legal reasons. Server logs are kept for up to 90 days.
        </p>
      </LegalSection>
      <LegalSection title="7. Your rights">
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your personal data,
          and to object to or restrict some processing. To use these rights, <ContactLink>contact us</ContactLink>. We
          answer within 30 days. You may also complain to your local data protection authority.
        </p>
      </LegalSection>
      <LegalSection title="8. Security">
        <p>
          Connections are encrypted, passwords are stored only as salted hashes, and access to production data is
          limited to people who need it. No system is perfectly secure, so please use a strong, unique password.
        </p>
      </LegalSection>
      <LegalSection title="9. Age">
        <p>Plainspoken is for people aged 18 or older. We do not knowingly collect data from anyone younger.</p>
      </LegalSection>
      <LegalSection title="10. Changes and contact">
        <p>
          If we change this policy, we update the date above and, for significant changes, tell account holders by
          email. Questions about privacy? <ContactLink>Contact us</ContactLink>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
