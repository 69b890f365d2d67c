import { Link } from '@/components/link';
import { ContactLink } from '@/components/layout/contact-link';
import { paths } from '@/config/paths';
import { LegalLayout, LegalSection } from './legal-layout';

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro="These terms are the agreement between you and Plainspoken. By creating an account or using the service, you accept them."
    >
      <LegalSection title="1. Eligibility">
        <p>You must be at least 18 years old to use Plainspoken. By using it, you confirm that you are.</p>
      </LegalSection>
      <LegalSection title="2. Your account">
        <p>
          You need an account to humanize text. Keep your password safe and tell us promptly if you think someone else
          has used your account. You are responsible for what happens under your account.
        </p>
      </LegalSection>
      <LegalSection title="3. The service">
        <p>
          Plainspoken rewrites text you provide so that it reads more naturally. Rewrites are produced automatically and
          may contain mistakes; review every result before you use it. Any AI-likeness score we show is our own
          estimate. We do not guarantee how any third-party AI detector will judge your text, and we do not promise that
          text will be undetectable.
        </p>
      </LegalSection>
      <LegalSection title="4. Acceptable use">
        <p>You agree not to use Plainspoken to:</p>
        <ul>
          <li>
            commit academic dishonesty, including submitting rewritten text as your own work for assessment where that
            is not allowed (see our <Link to={paths.ethicalUsage}>Ethical Usage Policy</Link>);
          </li>
          <li>produce spam, fraud, impersonation, misinformation campaigns or fake reviews;</li>
          <li>process content you have no right to use, or content that is unlawful, harassing or hateful;</li>
          <li>get around word limits, rate limits or security measures, or resell access without our permission.</li>
        </ul>
        <p>We may suspend or close accounts that break these rules, without refund.</p>
      </LegalSection>
      <LegalSection title="5. Your content">
        <p>
          You keep all rights to the text you submit and to the results. You give us permission to process and store
          that text only to provide the service to you, for example to show it in your history.
        </p>
      </LegalSection>
      <LegalSection title="6. Plans, words and billing">
        <ul>
          <li>
            New accounts receive a free word allowance. Paid plans (Basic, Pro and Ultra) give a monthly word allowance
            and a per-request word limit, billed monthly or yearly in advance.
          </li>
          <li>Unused words do not roll over to the next month.</li>
          <li>Payments are processed by our payment provider. Prices are in US dollars and may exclude taxes.</li>
          <li>We may change prices for future billing periods; we will tell you before a change applies to you.</li>
        </ul>
      </LegalSection>
      <LegalSection title="7. All sales are final">
        <p>
          All sales are final. We do not give refunds, in whole or in part, for subscription fees, unused words or
          partial billing periods, except where the law requires it.
        </p>
      </LegalSection>
      <LegalSection title="8. Cancellation">
        <p>
          You can cancel at any time from your account. Cancellation takes effect at the end of the current billing
          period: you keep your plan and remaining words until then, after which your account moves to the Free plan.
        </p>
      </LegalSection>
      <LegalSection title="9. Disclaimers and liability">
        <p>
          The service is provided "as is" and "as available". To the extent the law allows, we disclaim all implied
          warranties, and our total liability for any claim is limited to the amount you paid us in the 12 months before
          the claim. We are not liable for indirect or consequential losses, or for how you use the results.
        </p>
      </LegalSection>
      <LegalSection title="10. Changes and contact">
        <p>
          We may update these terms. If a change is significant we will tell account holders by email before it takes
          effect; continuing to use Plainspoken afterwards means you accept the new terms. Questions?{' '}
          <ContactLink>Contact us</ContactLink>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
