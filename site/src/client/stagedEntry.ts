/**
 * The browser's entry point in production builds (config/clientStartupPlugin.ts puts it in place of
 * Docusaurus's `clientEntry`, which it then runs, unchanged, as its last step).
 *
 * Evaluated as one, the client's modules were a single task of 60–120 ms on this project's test
 * machine (×4 on Lighthouse's phone profile): React DOM, the router, the route table with a
 * loadable component for each of the site's routes, the registry of route chunks, the theme's
 * client modules, then the first route's preload. A tap in that time waited, and Lighthouse counted
 * all of it as blocking. Here each group of modules is evaluated in a task of its own, in the order
 * Docusaurus's entry would import them; once evaluated, a module is cached, so when `clientEntry`
 * imports it again nothing runs twice. The first step starts in a task after the one that compiled
 * main.js. What the page renders and when it hydrates is unchanged.
 *
 * `webpackExports` names what Docusaurus's entry uses of each module, so the bundler still drops
 * the rest (an `import()` otherwise keeps every export of the module: 1.6 kB gzip more main.js).
 */
import { messageChannelTask, runInTasks, type StartupStep } from './runInTasks';

const steps: StartupStep[] = [
  { name: 'React DOM', run: () => import(/* webpackMode: "eager" */ 'react-dom/client') },
  {
    name: 'router',
    run: () =>
      Promise.all([
        import(/* webpackMode: "eager", webpackExports: ["BrowserRouter", "HashRouter"] */ 'react-router-dom'),
        import(/* webpackMode: "eager", webpackExports: ["HelmetProvider"] */ 'react-helmet-async'),
      ]),
  },
  { name: 'client modules', run: () => import(/* webpackMode: "eager", webpackExports: ["default"] */ '@generated/client-modules') },
  { name: 'route chunk registry', run: () => import(/* webpackMode: "eager", webpackExports: ["default"] */ '@generated/registry') },
  { name: 'route table', run: () => import(/* webpackMode: "eager", webpackExports: ["default"] */ '@generated/routes') },
  { name: 'app shell', run: () => import(/* webpackMode: "eager", webpackExports: ["default"] */ '@docusaurus/core/lib/client/App') },
  { name: 'hydration start', run: () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry') },
];

runInTasks(steps, messageChannelTask()).catch((error: unknown) => {
  // Reported like an uncaught script error (window's `error` event, the console).
  setTimeout(() => {
    throw error;
  });
});
