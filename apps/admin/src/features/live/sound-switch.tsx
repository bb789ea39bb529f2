import { SoundOutlined } from '@ant-design/icons';
import { Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { setSoundOn, soundOn } from './sound';

/** The header's switch of the new-order sound (remembered in this browser). */
export function SoundSwitch() {
  const [on, setOn] = useState(soundOn);
  return (
    <Flex align="center" gap={6}>
      <SoundOutlined />
      <Typography.Text>新订单提示音</Typography.Text>
      <Switch
        size="small"
        checked={on}
        aria-label="新订单提示音"
        onChange={(next) => {
          setSoundOn(next);
          setOn(next);
        }}
      />
    </Flex>
  );
}
