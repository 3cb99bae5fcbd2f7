import { useState } from 'react';
import type { Member } from '../../shared/api';
import { initialsOf } from './initials';

/** The member's picture, or their initials when there is none or it fails to load. */
export function Avatar({ member, size = 36 }: { member: Member; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (member.avatar_url && !failed) {
    return <img className="avatar" src={member.avatar_url} alt="" style={style} onError={() => setFailed(true)} />;
  }
  return (
    <span className="avatar initials" style={style} aria-hidden="true">
      {initialsOf(member)}
    </span>
  );
}
