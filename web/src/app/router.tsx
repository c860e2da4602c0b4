import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccountLayout } from '../components/layout/account-layout';
import { RootLayout } from '../components/layout/root-layout';
import { lazyScreen } from '../lib/lazy-with-timeout';
import { RouteErrorPage } from './route-error-page';

/* One chunk per screen, fetched on first visit (lazy chunks, 120-second limit). */
const Home = lazyScreen(() => import('./routes/home.route'));
const Login = lazyScreen(() => import('./routes/login.route'));
const SignUp = lazyScreen(() => import('./routes/sign-up.route'));
const ForgotPassword = lazyScreen(() => import('./routes/forgot-password.route'));
const ResetPassword = lazyScreen(() => import('./routes/reset-password.route'));
const VerifyEmail = lazyScreen(() => import('./routes/verify-email.route'));
const HomeCard = lazyScreen(() => import('./routes/home-card.route'));
const Find = lazyScreen(() => import('./routes/find.route'));
const Projects = lazyScreen(() => import('./routes/projects.route'));
const ProjectDetail = lazyScreen(() => import('./routes/project-detail.route'));
const ProjectAdd = lazyScreen(() => import('./routes/project-add.route'));
const ProjectEdit = lazyScreen(() => import('./routes/project-edit.route'));
const MyProjects = lazyScreen(() => import('./routes/my-projects.route'));
const FoundProjects = lazyScreen(() => import('./routes/found-projects.route'));
const Teammates = lazyScreen(() => import('./routes/teammates.route'));
const TeammateDetail = lazyScreen(() => import('./routes/teammate-detail.route'));
const TeammateAdd = lazyScreen(() => import('./routes/teammate-add.route'));
const TeammateEdit = lazyScreen(() => import('./routes/teammate-edit.route'));
const FoundTeammates = lazyScreen(() => import('./routes/found-teammates.route'));
const Skillers = lazyScreen(() => import('./routes/skillers.route'));
const SkillerAdd = lazyScreen(() => import('./routes/skiller-add.route'));
const MySkiller = lazyScreen(() => import('./routes/my-skiller.route'));
const Conversations = lazyScreen(() => import('./routes/conversations.route'));
const Invitations = lazyScreen(() => import('./routes/invitations.route'));
const Settings = lazyScreen(() => import('./routes/settings.route'));
const SavedSearches = lazyScreen(() => import('./routes/saved-searches.route'));
const SettingsMessage = lazyScreen(() => import('./routes/settings-message.route'));
const SendMoreOffers = lazyScreen(() => import('./routes/send-more-offers.route'));
const Feedback = lazyScreen(() => import('./routes/feedback.route'));
const Feed = lazyScreen(() => import('./routes/feed.route'));
const AdminAnalytics = lazyScreen(() => import('./routes/admin-analytics.route'));
const AdminReports = lazyScreen(() => import('./routes/admin-reports.route'));
const ErrorScreen = lazyScreen(() => import('./routes/error.route'));
const NotFound = lazyScreen(() => import('./routes/not-found.route'));

/** Every route of the web app, one lazily loaded screen each. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors inside a screen (a chunk that fails or stalls) keep the top bar around the error page.
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/login', element: <Login /> },
          { path: '/signUp', element: <SignUp /> },
          { path: '/forgot-password', element: <ForgotPassword /> },
          { path: '/reset-password', element: <ResetPassword /> },
          { path: '/verify-email', element: <VerifyEmail /> },
          { path: '/home/card/:option', element: <HomeCard /> },
          { path: '/find', element: <Find /> },
          { path: '/user/projects/found', element: <Find /> },
          { path: '/projects', element: <Projects /> },
          { path: '/projects/:id', element: <ProjectDetail /> },
          { path: '/project/add', element: <ProjectAdd /> },
          { path: '/project/editProject/:projectId', element: <ProjectEdit /> },
          { path: '/teammates', element: <Teammates /> },
          { path: '/teammates/:id', element: <TeammateDetail /> },
          { path: '/teammates/add', element: <TeammateAdd /> },
          { path: '/teammates/editTeammate/:teammateId', element: <TeammateEdit /> },
          { path: '/skillers', element: <Skillers /> },
          { path: '/skillers/add/addSkiller', element: <SkillerAdd /> },
          {
            element: <AccountLayout />,
            children: [
              { path: '/conversations', element: <Conversations /> },
              { path: '/invitations', element: <Invitations /> },
              { path: '/teammates/found', element: <FoundTeammates /> },
              { path: '/projects/found', element: <FoundProjects /> },
              { path: '/skillers/my', element: <MySkiller /> },
              { path: '/projects/my', element: <MyProjects /> },
              { path: '/saved-searches', element: <SavedSearches /> },
              { path: '/settings', element: <Settings /> },
            ],
          },
          { path: '/settings/message', element: <SettingsMessage /> },
          { path: '/sendMoreOffers', element: <SendMoreOffers /> },
          { path: '/feedback', element: <Feedback /> },
          { path: '/feed', element: <Feed /> },
          { path: '/admin/analytics', element: <AdminAnalytics /> },
          { path: '/admin/reports', element: <AdminReports /> },
          { path: '/error', element: <ErrorScreen /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
