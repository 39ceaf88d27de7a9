import type { ReactNode } from 'react';
import { ScrollToTop } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';

// No favicon file: an empty data URL keeps the browser from asking for /favicon.ico.
export const metadata = { title: 'Example Shop', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        {/* A react-ui component straight in a server component: the package entry is "use client". */}
        <ScrollToTop />
      </body>
    </html>
  );
}
