import { describe, expect, it } from 'vitest'

import { passwordProblem } from '../../../../netlify/server/people/password-rules'

describe('passwordProblem', () => {
  it('takes passphrases and long random passwords', () => {
    for (const good of [
      'ample lantern orbit quietly',
      'correct-horse-staple-battery-7',
      'Tq8#vN2pLx!9wRz',
      'mediafiles are my thing 2026',
      'passwordmanagergeneratedthis9Xq',
    ]) {
      expect(passwordProblem(good), good).toBeNull()
    }
  })

  it('refuses fewer than 12 characters, counting characters rather than bytes', () => {
    expect(passwordProblem('Tq8#vN2pLx!')).toBe('The password must be at least 12 characters')
    expect(passwordProblem('éééééééééé1')).toMatch(/at least 12/)
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/)
  })

  it('refuses the most common passwords, dressed up with case, digits, symbols and look-alikes', () => {
    for (const common of [
      'password1234',
      'Password1234!',
      'P@ssw0rd2024!!',
      'passwordpassword',
      'iloveyou2024',
      '1234qwerty!!',
      'qwertyqwerty',
      'Letmein123456',
      'football12345',
      'admin1234567890',
      '1q2w3e4r5t6y',
      '1qaz2wsx3edc',
      'correcthorsebatterystaple',
      'Correct Horse Battery Staple',
      'medialibrary2026',
    ]) {
      expect(passwordProblem(common), common).toMatch(/most common/)
    }
  })

  it('refuses one character or a short unit repeated, and runs along the keyboard or the alphabet', () => {
    for (const pattern of [
      'aaaaaaaaaaaa',
      '111111111111',
      'abcabcabcabc',
      'ab12ab12ab12',
      '123456789012',
      '098765432109',
      'abcdefghijklm',
      'qwertyuiopasd',
      'mnbvcxzlkjhgf',
    ]) {
      expect(passwordProblem(pattern), pattern).toMatch(/most common/)
    }
  })

  it("refuses the person's own email or name", () => {
    expect(passwordProblem('dana.writer@example.com', { email: 'dana.writer@example.com' })).toMatch(
      /email or your name/,
    )
    expect(passwordProblem('Danawriter2026', { email: 'danawriter@example.com' })).toMatch(
      /email or your name/,
    )
    expect(passwordProblem('Dana Q Writerson', { name: 'Dana Q Writerson' })).toMatch(/email or your name/)
  })
})
