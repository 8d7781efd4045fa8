import type { ThemeConfig } from 'antd';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3, "prefers-reduced-motion"): antd's
 * transitions and looping animations (spinners, skeletons) are then off. Read once, when the app loads.
 */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** One antd theme for every app, so the host and remotes look like one product. */
export const theme: ThemeConfig = {
  token: {
    motion: !prefersReducedMotion(),
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
