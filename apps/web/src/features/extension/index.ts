export { ExtensionCard } from './components/extension-card';
