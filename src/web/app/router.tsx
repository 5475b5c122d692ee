import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { BlogPage } from './routes/blog';
import { ContactPage } from './routes/contact';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { PortfolioPage } from './routes/portfolio';
import { PurchasePage } from './routes/purchase';
import { ReviewsPage } from './routes/reviews';
import { ToolsPage } from './routes/tools';

/** The spec's routes (SPEC.md section 2); anything else shows the 'Page is not Found' card. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/tools', element: <ToolsPage /> },
      { path: '/reviews', element: <ReviewsPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/portfolio', element: <PortfolioPage /> },
      { path: '/blog', element: <BlogPage /> },
      { path: '/purchase/:id', element: <PurchasePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
