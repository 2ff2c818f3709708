import { describe, expect, it } from 'vitest';
import { connectionSecrets, hasConnectionPassword, maskConnectionString } from './connection-string';

describe('maskConnectionString', () => {
  it.each([
    ['postgres://u:S3CRET@db.example:5432/app', 'postgres://u:***@db.example:5432/app'],
    ['postgres://u@db.example/app?password=S3CRET', 'postgres://u@db.example/app?password=***'],
    ['postgres://u@db.example/app?sslmode=disable&PassWord=S3CRET', 'postgres://u@db.example/app?sslmode=disable&PassWord=***'],
    ['postgres://u@db.example/app?pass%77ord=S3CRET', 'postgres://u@db.example/app?password=***'],
    [
      'postgres://u@db.example/app?sslpassword=S3CRET&passfile=/home/u/.pgpass',
      'postgres://u@db.example/app?sslpassword=***&passfile=%2Fhome%2Fu%2F.pgpass',
    ],
    ['postgresql://u:S3CRET@/app?host=/run/postgresql', 'postgresql://u:***@/app?host=/run/postgresql'],
    ['postgres://u:S3%ZZCRET@db.example/app', 'postgres://u:***@db.example/app'],
    ['postgres://u@db.example/app', 'postgres://u@db.example/app'],
  ])('%s', (text, shown) => {
    expect(maskConnectionString(text)).toBe(shown);
  });

  it('shows only the scheme of a URL that does not parse, and masks password= in a key=value string', () => {
    expect(maskConnectionString('postgres://u:S3/CRET@db.example/app')).toBe('postgres://…');
    expect(maskConnectionString('mysql://u@h:port/db?password=S3CRET')).toBe('mysql://…');
    expect(maskConnectionString("host=db.example password='S3 CRET' user=u")).toBe('host=db.example password=*** user=u');
    expect(maskConnectionString('host=db.example PASSWORD = S3CRET')).toBe('host=db.example PASSWORD = ***');
  });
});

describe('hasConnectionPassword and connectionSecrets', () => {
  it('find the password of the user part and of the query, decoded', () => {
    expect(hasConnectionPassword('postgres://u@h/db')).toBe(false);
    expect(hasConnectionPassword('postgres://u:p%40ss@h/db')).toBe(true);
    expect(hasConnectionPassword('postgres://u@h/db?password=x')).toBe(true);
    expect(connectionSecrets('postgres://u:p%40ss@h/db?sslpassword=k%2By')).toEqual(['k+y', 'p@ss', 'p%40ss']);
    expect(connectionSecrets('postgres://u@h/db')).toEqual([]);
  });
});
