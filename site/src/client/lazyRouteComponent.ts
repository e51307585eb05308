/**
 * `@docusaurus/ComponentCreator`, made lazy (config/clientStartupPlugin.ts points the alias here).
 *
 * The generated route table calls `ComponentCreator(path, hash)` for every route of the site when
 * it is evaluated, and each call builds a react-loadable component: the route's chunk names looked
 * up in the registry and flattened, then a new component class. With a few hundred routes (every
 * doc page of three versions, the API reference, the blog) that was a large part of the task that
 * evaluated main.js, for routes a visit mostly never renders. Here each route gets a small stand-in
 * that builds Docusaurus's component the first time the route is preloaded or rendered, on the
 * server and in the browser alike. `preload()` is what Docusaurus calls before rendering a route
 * (`@docusaurus/core/lib/client/preload.js`), so it behaves as before.
 */
import { createElement, type ComponentType } from 'react';
import ComponentCreator from '@docusaurus/core/lib/client/exports/ComponentCreator';

type RouteComponent = ReturnType<typeof ComponentCreator>;

export default function LazyComponentCreator(
  path: string,
  hash: string,
  create: typeof ComponentCreator = ComponentCreator,
): ComponentType<object> & { preload: () => unknown } {
  let component: RouteComponent | undefined;
  const get = () => (component ??= create(path, hash));
  function Route(props: object) {
    const Component = get() as ComponentType<object>;
    return createElement(Component, props);
  }
  Route.displayName = `Route(${path})`;
  Route.preload = () => get().preload();
  return Route;
}
