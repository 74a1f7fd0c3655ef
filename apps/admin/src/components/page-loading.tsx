import { Spin } from 'antd';

/** While a screen's code or first data loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 96 }}>
      <Spin size="large" />
    </div>
  );
}
