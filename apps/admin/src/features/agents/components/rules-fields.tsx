import type { CommissionRules } from '@app/contract/agents';
import { Button, Divider, Form, InputNumber, Select, Space } from 'antd';

const money = { min: 0, max: 100_000_000, precision: 2, prefix: '$', style: { width: 160 } } as const;
const percent = { min: 0, max: 100, precision: 2, suffix: '%', style: { width: 120 } } as const;

/**
 * A plan version's rules (the contract's commissionRulesSchema): the fee, what a negative month does,
 * what makes an active member, the tiers (from the lowest), the sub-agent overrides by level, CPA
 * and the payout's turnover multiple. The server checks them again (tiers in order, two decimals).
 */
export function RulesFields() {
  return (
    <>
      <Space wrap>
        <Form.Item name={['rules', 'fee_basis']} label="平台费基数">
          <Select
            style={{ width: 140 }}
            options={[
              { value: 'net_loss', label: '净输赢' },
              { value: 'stakes', label: '投注额' },
            ]}
          />
        </Form.Item>
        <Form.Item name={['rules', 'fee_percent']} label="平台费">
          <InputNumber {...percent} />
        </Form.Item>
        <Form.Item name={['rules', 'negative']} label="负盈利">
          <Select
            style={{ width: 160 }}
            options={[
              { value: 'carry', label: '累计到下月' },
              { value: 'reset', label: '每月清零' },
            ]}
          />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name={['rules', 'active_min_deposit']} label="有效会员最低充值">
          <InputNumber {...money} />
        </Form.Item>
        <Form.Item name={['rules', 'active_min_valid_stake']} label="有效会员最低有效投注">
          <InputNumber {...money} />
        </Form.Item>
      </Space>
      <Divider titlePlacement="start">佣金档位（从低到高）</Divider>
      <Form.List name={['rules', 'tiers']}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Space key={row.key} align="baseline" wrap>
                <Form.Item name={[row.name, 'min_net_loss']} label={`第${i + 1}档 净输赢≥`}>
                  <InputNumber {...money} />
                </Form.Item>
                <Form.Item name={[row.name, 'min_active']} label="有效会员≥">
                  <InputNumber min={0} max={100_000} precision={0} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[row.name, 'share_percent']} label="比例">
                  <InputNumber {...percent} />
                </Form.Item>
                {rows.length > 1 && <Button onClick={() => remove(row.name)}>删除</Button>}
              </Space>
            ))}
            <Button onClick={() => add({ min_net_loss: 0, min_active: 0, share_percent: 0 })}>
              添加档位
            </Button>
          </>
        )}
      </Form.List>
      <Divider titlePlacement="start">下级代理分成（按层级）</Divider>
      <Form.List name={['rules', 'override_percents']}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Space key={row.key} align="baseline">
                <Form.Item name={row.name} label={`第${i + 1}级下级`}>
                  <InputNumber {...percent} />
                </Form.Item>
                <Button onClick={() => remove(row.name)}>删除</Button>
              </Space>
            ))}
            {rows.length < 5 && <Button onClick={() => add(0)}>添加层级</Button>}
          </>
        )}
      </Form.List>
      <Divider titlePlacement="start">CPA 与流水</Divider>
      <Space wrap>
        <Form.Item name={['rules', 'cpa_amount']} label="CPA 金额（0 为关闭）">
          <InputNumber {...money} />
        </Form.Item>
        <Form.Item name={['rules', 'cpa_min_first_deposit']} label="首充门槛">
          <InputNumber {...money} />
        </Form.Item>
        <Form.Item name={['rules', 'turnover_multiple']} label="佣金流水倍数">
          <InputNumber min={0} max={50} precision={2} style={{ width: 100 }} />
        </Form.Item>
      </Space>
    </>
  );
}

export interface RulesValues {
  rules: CommissionRules;
}
