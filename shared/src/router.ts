/**
 * The react-router API the apps use, shared across the page as one singleton (`@oncodesk/shared/router`).
 * Apps import routing from here, never from 'react-router' directly: a shared module cannot be
 * tree-shaken, and react-router's server-side half (request handlers, cookies, sessions) is about half
 * of it; sharing this list instead keeps one router instance per page at about half the download.
 * A test fails when an app imports 'react-router' itself.
 */
export {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export type { RouteObject } from 'react-router';
