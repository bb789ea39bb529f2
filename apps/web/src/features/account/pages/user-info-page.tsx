import { ACCOUNT_MSG, EARLIEST_BIRTHDAY, profileError } from '@app/contract/account-rules';
import { beijingDay } from '@app/contract/time';
import type { UserInfo } from '@app/contract/user';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { useState } from 'react';
import { ContractForm, Form, FormValue } from '@/shared/forms/contract-form';
import { TextRow } from '@/shared/forms/text-row';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TA } from '@/shared/i18n/zh-cn/account';
import { useUserInfo } from '@/shared/session/get-user';
import { toast } from '@/shared/ui/feedback';
import { FieldSelect, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconLock } from '@/shared/ui/icons';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { type ProfileInput, useUpdateProfile } from '../api/update-profile';
import styles from './account-page.module.css';

/** A calendar day "YYYY-MM-DD" as the date picker's local Date, and back. */
const toDate = (day: string) => {
  const [y = 1990, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Where the picker starts when no birthday is set. */
const PICKER_START = '1990-01-01';

const pickerLabel = (type: string, value: number) =>
  type === 'year' ? `${value}年` : type === 'month' ? `${value}月` : type === 'day' ? `${value}日` : value;

interface ProfileFormProps {
  user: UserInfo;
  saving: boolean;
  onSave: (input: ProfileInput) => void;
}

type ProfileValues = Pick<UserInfo, 'mobile' | 'email' | 'birthday'>;

/** The values as the server takes them: trimmed. */
const trimmed = ({ mobile, email, birthday }: ProfileValues): ProfileInput => ({
  mobile: mobile.trim(),
  email: email.trim(),
  birthday: birthday.trim(),
});

function ProfileForm({ user, saving, onSave }: ProfileFormProps) {
  const [form] = Form.useForm();
  const birthday: string = Form.useWatch('birthday', form) ?? user.birthday;
  const [picking, setPicking] = useState(false);
  const today = beijingDay(new Date());
  const birthdayValid = /^\d{4}-\d{2}-\d{2}$/.test(birthday) && birthday >= EARLIEST_BIRTHDAY;
  const initialValues: ProfileValues = { mobile: user.mobile, email: user.email, birthday: user.birthday };

  return (
    <ContractForm
      form={form}
      initialValues={initialValues}
      check={(values) => profileError(trimmed(values), today)}
      onValid={(values) => onSave(trimmed(values))}
      busy={saving}
    >
      <div className={styles.card}>
        <FormField labelId="profile-username" label={TA.fieldUsername}>
          <span className={styles.readOnly}>
            {user.username ? (
              <span data-testid="profile-username">{user.username}</span>
            ) : (
              <span className={styles.unset}>{TA.notSet}</span>
            )}
            <IconLock />
          </span>
        </FormField>
        <FormField labelId="profile-realname" label={TA.fieldRealname}>
          <span className={styles.readOnly}>
            {user.realname ? (
              <span data-testid="profile-realname">{user.realname}</span>
            ) : (
              <span className={styles.unset}>{TA.notSet}</span>
            )}
            <IconLock />
          </span>
        </FormField>
      </div>
      <p className={styles.hint}>
        <IconInfo />
        {TA.readOnlyHint}
      </p>
      <div className={styles.card}>
        <TextRow
          name="mobile"
          id="profile-mobile"
          label={TA.fieldMobile}
          type="tel"
          inputMode="numeric"
          placeholder={TA.placeholderMobile}
          maxLength={20}
          autoComplete="tel"
        />
        <TextRow
          name="email"
          id="profile-email"
          label={TA.fieldEmail}
          type="email"
          placeholder={TA.placeholderEmail}
          maxLength={64}
          autoComplete="email"
        />
        <FormField htmlFor="profile-birthday" label={TA.fieldBirthday}>
          <FormValue name="birthday">
            <FieldSelect
              id="profile-birthday"
              placeholder={TA.placeholderBirthday}
              onClick={() => setPicking(true)}
            />
          </FormValue>
        </FormField>
      </div>
      <DatePicker
        title={TA.birthdayTitle}
        visible={picking}
        onClose={() => setPicking(false)}
        min={toDate(EARLIEST_BIRTHDAY)}
        max={toDate(today)}
        defaultValue={toDate(birthdayValid && birthday <= today ? birthday : PICKER_START)}
        precision="day"
        renderLabel={pickerLabel}
        onConfirm={(date) => form.setFieldsValue({ birthday: toDay(date) })}
      />
      <div className={styles.submit}>
        <GoldButton type="submit" loading={saving}>
          {TA.save}
        </GoldButton>
      </div>
    </ContractForm>
  );
}

/**
 * /userInfo, 个人资料 (spec 2, 5): username and real name read-only; mobile, email and birthday (a
 * date picker from 1980-01-01 to today) checked with the contract's rules, then 操作成功.
 */
export function UserInfoPage() {
  const user = useUserInfo();
  // Here rather than in the form, which starts again when the saved values come back.
  const save = useUpdateProfile();
  const onSave = (input: ProfileInput) =>
    save.mutate(input, { onSuccess: () => toast.success(ACCOUNT_MSG.saved) });
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.userInfo} />
      {/* The form starts again from the server's values when they change (the first fresh load). */}
      {user ? (
        <ProfileForm
          key={`${user.mobile}|${user.email}|${user.birthday}`}
          user={user}
          saving={save.isPending}
          onSave={onSave}
        />
      ) : null}
    </div>
  );
}
