import { AppProvider } from './provider';
import { Router } from './router';

export function App() {
  return (
    <AppProvider>
      <Router />
    </AppProvider>
  );
}
