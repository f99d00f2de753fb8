import Avatar from '@mui/material/Avatar';
import { avatarUrl } from '../lib/device-status';

/** The avatar service cannot be reached everywhere: the initial stands in when the image fails. */
export function UserAvatar({ email, size = 32 }: { email: string; size?: number }) {
  return (
    <Avatar
      src={avatarUrl(email, size * 2)}
      alt={email}
      sx={{ width: size, height: size, fontSize: size / 2.2 }}
      slotProps={{ img: { referrerPolicy: 'no-referrer', loading: 'lazy' } }}
    >
      {email.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
