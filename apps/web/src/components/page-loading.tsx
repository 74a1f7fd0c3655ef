import { DotLoading } from 'antd-mobile';
import './page-loading.css';

/** Shown while a lazily loaded page arrives (SPEC §2: all pages load lazily). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
    </div>
  );
}
