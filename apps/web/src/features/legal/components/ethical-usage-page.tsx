import { ContactLink } from '@/components/layout/contact-link';
import { LegalLayout, LegalSection } from './legal-layout';

export function EthicalUsagePage() {
  return (
    <LegalLayout
      title="Ethical Usage Policy"
      intro="Plainspoken is a writing tool. It helps people make text clearer and more natural. It is not a tool for deceiving teachers, examiners or readers."
    >
      <LegalSection title="Academic cheating is not allowed">
        <p>
          You must not use Plainspoken to submit work for academic assessment as your own when your school, college or
          university does not allow it. That includes essays, coursework, theses, exam answers and applications. Using
          Plainspoken to hide the use of AI where it is forbidden is academic cheating and breaks our Terms of Service.
          We close accounts used this way, without refund.
        </p>
      </LegalSection>
      <LegalSection title="Good ways to use Plainspoken">
        <ul>
          <li>Polishing your own drafts, notes and outlines so they read the way you talk.</li>
          <li>Making marketing copy, newsletters, product pages and emails sound less generic.</li>
          <li>Editing AI-assisted text where your employer, client or publisher allows AI assistance.</li>
          <li>Studying how phrasing changes, to become a better writer yourself.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Be honest about AI assistance">
        <p>
          If your school, employer, publisher or client asks whether you used AI, tell them. Follow the rules of the
          place you are writing for. When in doubt, ask before you submit.
        </p>
      </LegalSection>
      <LegalSection title="What we promise, and what we don't">
        <p>
          Plainspoken shows its own AI-likeness estimate before and after a rewrite. It is an estimate, not a verdict
          from any other detector, and we do not promise that any text will pass a particular AI detector.
        </p>
      </LegalSection>
      <LegalSection title="Other prohibited uses">
        <ul>
          <li>Spam, fake reviews, impersonation or coordinated misinformation.</li>
          <li>Plagiarism: passing off other people's writing as your own.</li>
          <li>Anything unlawful, harassing or hateful.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Report misuse">
        <p>
          If you believe Plainspoken is being misused, <ContactLink>contact us</ContactLink>. We review every report.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
