// Wrapped to print the page's address above its title: on paper there is no
// navbar, sidebar or address bar to say where the page lives.
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {permalink} = useDoc().metadata;
  return (
    <>
      <p className={styles.printedUrl}>{siteConfig.url + permalink}</p>
      <Content {...props} />
    </>
  );
}
