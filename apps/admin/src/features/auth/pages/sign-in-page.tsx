import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { OPERATOR_MSG, type SessionState, TOTP_CODE } from '@app/contract/admin/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, QRCode, Steps, Typography } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { PATH } from '@/shared/routes/table';
import { useSession } from '@/shared/session/session';
import { groupsOfFour } from '@/shared/ui/format';
import { changePassword, signInWithPassword, submitCode } from '../api/sign-in';
import { NewPasswordFields } from '../components/new-password-fields';
import styles from './sign-in-page.module.css';

interface SignInLocation {
  from?: string;
  reason?: string;
}

function PasswordStep() {
  const mutation = useMutation({ mutationFn: signInWithPassword });
  return (
    <Form
      layout="vertical"
      size="large"
      requiredMark={false}
      aria-label="登录"
      onFinish={(values: { username: string; password: string }) => mutation.mutate(values)}
    >
      <Form.Item
        name="username"
        label="账号"
        rules={[{ required: true, whitespace: true, message: OPERATOR_MSG.usernameRequired }]}
      >
        <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        rules={[{ required: true, message: OPERATOR_MSG.passwordRequired }]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        下一步
      </Button>
    </Form>
  );
}

function CodeForm({ submitText }: { submitText: string }) {
  const mutation = useMutation({ mutationFn: submitCode });
  return (
    <Form
      layout="vertical"
      size="large"
      requiredMark={false}
      aria-label="动态验证码"
      onFinish={(values: { code: string }) => mutation.mutate(values)}
    >
      <Form.Item
        name="code"
        label="6位动态验证码"
        rules={[{ pattern: TOTP_CODE, required: true, message: OPERATOR_MSG.codeFormat }]}
      >
        <Input.OTP length={6} autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        {submitText}
      </Button>
    </Form>
  );
}

function EnrolStep({ state }: { state: SessionState }) {
  const enrolment = state.enrolment;
  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        title="首次登录：请绑定身份验证器"
        description="用 Google Authenticator、Microsoft Authenticator 或其他身份验证器扫描二维码（或手动输入密钥），再输入它显示的第一个验证码。"
      />
      {enrolment && (
        <Flex gap={20} align="center">
          <QRCode value={enrolment.uri} size={148} bordered={false} aria-label="两步验证二维码" />
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">手动输入密钥</Typography.Text>
            <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="totp-secret">
              {groupsOfFour(enrolment.secret)}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
      <CodeForm submitText="绑定并继续" />
    </Flex>
  );
}

function NewPasswordStep() {
  const mutation = useMutation({ mutationFn: changePassword });
  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        title="请设置您自己的登录密码"
        description="初始密码由他人告知，只能使用一次。"
      />
      <Form
        layout="vertical"
        size="large"
        requiredMark={false}
        aria-label="设置新密码"
        onFinish={(values: { password: string }) => mutation.mutate({ password: values.password })}
      >
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
          设置密码并进入后台
        </Button>
      </Form>
    </Flex>
  );
}

const STEPS = [{ title: '账号密码' }, { title: '两步验证' }, { title: '进入后台' }];

/** Sign-in in stages: password, then the authenticator's code (enrolled the first time), then a password of one's own when asked. */
export function SignInPage() {
  const { data: state } = useSession();
  const location = useLocation();
  const from = (location.state as SignInLocation | null)?.from;
  const reason = (location.state as SignInLocation | null)?.reason;
  if (state?.stage === 'active') return <Navigate to={from ?? PATH.home} replace />;

  const current = !state ? 0 : state.stage === 'password' ? 2 : 1;
  return (
    <div className={styles.page}>
      <Card className={styles.card} variant="borderless">
        <Flex vertical gap={24}>
          <Flex vertical align="center" gap={4}>
            <SafetyCertificateOutlined className={styles.logo} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              星云娱乐 · 运营后台
            </Typography.Title>
            <Typography.Text type="secondary">
              {state
                ? `${state.operator.display_name}（${state.operator.username}）`
                : '仅限授权人员登录，所有操作均记录审计日志'}
            </Typography.Text>
          </Flex>
          <Steps size="small" current={current} items={STEPS} />
          {reason && !state && <Alert type="warning" showIcon title={reason} />}
          {!state && <PasswordStep />}
          {state?.stage === 'totp' && <CodeForm submitText="登录" />}
          {state?.stage === 'enrol' && <EnrolStep state={state} />}
          {state?.stage === 'password' && <NewPasswordStep />}
        </Flex>
      </Card>
    </div>
  );
}
