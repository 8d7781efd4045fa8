import type { ThemeConfig } from 'antd';

/** One antd theme for every app, so the host and remotes look like one product. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#5b3cc4',
    colorInfo: '#5b3cc4',
    colorLink: '#5b3cc4',
    borderRadius: 8,
    fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // antd's secondary text and placeholders (45% and 25% black) fail WCAG AA contrast (3.4:1, 1.6:1); 58% is 5.3:1 on white
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  },
};
