// Wrapped to tie each tab to its panel (aria-controls, aria-labelledby), which
// the theme leaves out: assistive technology then names each panel by its tab.
import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  type ReactElement,
  type ReactNode,
} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {Props as TabItemProps} from '@theme/TabItem';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TabsType>;

export default function TabsWrapper(props: Props): ReactNode {
  const id = useId();
  const children = Children.map(props.children, (child, index) => {
    if (!isValidElement<TabItemProps>(child)) return child;
    const tabId = `${id}tab-${index}`;
    const panelId = `${id}panel-${index}`;
    return cloneElement(
      child as ReactElement<TabItemProps & {tabId: string; panelId: string}>,
      {
        tabId,
        panelId,
        attributes: {
          ...child.props.attributes,
          id: tabId,
          'aria-controls': panelId,
        },
      },
    );
  });
  return <Tabs {...props}>{children}</Tabs>;
}
