/**
 * (CUSTOM) The theme's DocSidebar/Mobile (3.10.2), the doc sidebar in the phone menu, with one change:
 * the props handed to `NavbarSecondaryMenuFiller` are one memoized object under one key. The filler
 * memoizes its props by sorting their keys with `localeCompare`, and the first `localeCompare` of a
 * page starts ICU's collator (about 30 ms of main thread on a desktop CPU, in the render after
 * hydration on phones); sorting one key compares nothing. Markup and behaviour are the theme's.
 */
import React, { useMemo, type ReactNode } from 'react';
import clsx from 'clsx';
import { NavbarSecondaryMenuFiller, ThemeClassNames } from '@docusaurus/theme-common';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/DocSidebar/Mobile';
import DocSidebarItems from '@theme/DocSidebarItems';

type MenuProps = Pick<Props, 'sidebar' | 'path'>;

function DocSidebarMobileSecondaryMenu({ menu: { sidebar, path } }: { menu: MenuProps }): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      <DocSidebarItems
        items={sidebar}
        activePath={path}
        onItemClick={(item) => {
          // The menu closes on a link, or on a category that is a link itself.
          if (item.type === 'link' || (item.type === 'category' && item.href)) mobileSidebar.toggle();
        }}
        level={1}
      />
    </ul>
  );
}

function DocSidebarMobile({ sidebar, path }: Props): ReactNode {
  const props = useMemo(() => ({ menu: { sidebar, path } }), [sidebar, path]);
  return <NavbarSecondaryMenuFiller component={DocSidebarMobileSecondaryMenu} props={props} />;
}

export default React.memo(DocSidebarMobile);
