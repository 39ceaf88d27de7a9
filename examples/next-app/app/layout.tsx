import type { ReactNode } from 'react';
import '@pkg/react-ui/styles.css';

// No favicon file: an empty data URL keeps the browser from asking for /favicon.ico.
export const metadata = { title: 'Example Shop', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
