import { APP_TITLE } from '../routes';

export function AppFooter() {
  return (
    <footer className="app-footer">
      © {new Date().getFullYear()} {APP_TITLE} — all rights reserved
    </footer>
  );
}
