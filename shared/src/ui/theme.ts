import type { ThemeConfig } from 'antd';

/** One antd theme for every app, so the host and remotes look like one product. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#5b3cc4',
    colorInfo: '#5b3cc4',
    colorLink: '#5b3cc4',
    borderRadius: 8,
    fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
