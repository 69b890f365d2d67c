export { PrivacyPage } from './components/privacy-page';
export { TermsPage } from './components/terms-page';
export { EthicalUsagePage } from './components/ethical-usage-page';
